// What the panels' pages share: making elements, and reading the theme's colours.
/// <reference lib="dom" />

/** An element with attributes (`text` sets its text) and children. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** A colour of the theme (a CSS variable VS Code sets), with a fallback. */
export function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}
