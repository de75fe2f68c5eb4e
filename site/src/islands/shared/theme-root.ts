// Radix portals attach to <body> by default, outside the layout's `.radix-themes.site` root
// that carries the site's theme tokens (accent, radius, spacing) and its .btn/.input styles'
// variables. Portalling into that root keeps dialogs and menus styled on every page.
export function themeRoot(): HTMLElement | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLElement>('.radix-themes.site') ?? undefined;
}
