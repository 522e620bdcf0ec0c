/** The browser's navigation, in one object so tests can watch it (jsdom cannot navigate). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
  close(): void {
    window.close();
  },
};
