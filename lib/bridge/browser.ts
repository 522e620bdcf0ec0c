/** The browser's navigation, in one object so tests can watch it (jsdom cannot navigate). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** goes on without leaving the current page in the history (a page that only passes through) */
  replace(url: string): void {
    window.location.replace(url);
  },
  reload(): void {
    window.location.reload();
  },
  close(): void {
    window.close();
  },
};
