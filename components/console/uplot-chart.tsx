"use client";

import { useEffect, useRef } from "react";
import uPlot from "uplot";
// uPlot's stylesheet comes with this module, which only the analytics page loads (next/dynamic)
import "uplot/dist/uPlot.min.css";

const COLOURS = ["#1f7a34", "#2563eb", "#b45309", "#7c3aed", "#be123c", "#0f766e", "#4b5563", "#a16207"];

/**
 * One line chart of series per day. The canvas is decoration for sighted operators: the
 * figure's caption names it and the table below holds the same numbers for everyone.
 */
export default function UplotChart({ days, series }: { days: string[]; series: { label: string; values: number[] }[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const width = () => Math.max(240, Math.floor(element.clientWidth));
    const chart = new uPlot(
      {
        width: width(),
        height: 220,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        series: [{}, ...series.map((item, index) => ({ label: item.label, stroke: COLOURS[index % COLOURS.length], width: 2 }))],
        axes: [{}, { size: 48 }],
        scales: { x: { time: true } },
      },
      [xs, ...series.map((item) => item.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series]);
  return <div ref={box} aria-hidden="true" className="w-full min-w-0 overflow-hidden" />;
}
