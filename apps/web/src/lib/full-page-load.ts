/** Leaves the app for a page that must be loaded whole (a provider's page, or one with its own permissions). */
export function loadFullPage(url: string): void {
  window.location.assign(url);
}
