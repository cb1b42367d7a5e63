/** A full page load at a console route: drops every in-memory state (tabs, caches) after a logout. */
export function reloadTo(hashPath: string): void {
  window.location.hash = `#${hashPath}`;
  window.location.reload();
}
