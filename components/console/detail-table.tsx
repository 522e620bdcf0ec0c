import type { ReactNode } from "react";

/**
 * A table of the console's user page (its sessions, refused sign-ins, activity…): a caption for
 * screen readers, a header row, and the rows, some of them marked (shown in red, with
 * `data-marked`). On a narrow screen the table scrolls inside its own box, never the page; the
 * box takes the keyboard focus so that it can be scrolled without a mouse.
 */
export type DetailRow = { cells: ReactNode[]; marked?: boolean };

export function DetailTable({ caption, head, rows, empty }: { caption: string; head: string[]; rows: DetailRow[]; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-gray-700">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2" role="group" aria-label={caption} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-gray-700">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-2 py-1">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className={row.marked ? "border-t border-red-200 bg-red-50" : "border-t border-gray-100"} data-marked={row.marked ? "" : undefined}>
              {row.cells.map((cell, column) => (
                <td key={column} className="break-words px-2 py-1">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Rows with nothing marked. */
export const plainRows = (rows: ReactNode[][]): DetailRow[] => rows.map((cells) => ({ cells }));
