// An agency's colours as the portal uses them, shared by the client (PortalLayout, the sign-in pages) and the server,
// which paints the portal's frame in them before any script has run (server/lib/spa-shell.ts).

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Relative luminance of a #rrggbb colour (WCAG 2.1). */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** White or near-black, whichever reads better on the given background (for text on the branding side). */
export function readableOn(background: string): '#ffffff' | '#0f172a' {
  if (!HEX_COLOR.test(background)) return '#ffffff';
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance('#0f172a') + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#0f172a';
}

/**
 * The agency's primary colour as the shell's brand scale (Tailwind's --color-brand-* variables): navigation,
 * buttons, progress and focus rings take the agency's colour. A light primary is darkened where text sits on it.
 */
export function brandScale(primary: string): Record<string, string> {
  const strong = readableOn(primary) === '#ffffff' ? primary : `color-mix(in oklab, ${primary} 55%, black)`;
  return {
    '--color-brand-50': `color-mix(in oklab, ${primary} 8%, white)`,
    '--color-brand-100': `color-mix(in oklab, ${primary} 16%, white)`,
    '--color-brand-200': `color-mix(in oklab, ${primary} 30%, white)`,
    '--color-brand-500': `color-mix(in oklab, ${primary} 85%, white)`,
    '--color-brand-600': strong,
    '--color-brand-700': `color-mix(in oklab, ${strong} 85%, black)`,
    '--color-brand-800': `color-mix(in oklab, ${strong} 70%, black)`,
  };
}

/** Up to two initials of the agency's name ("Northwind Creative" → "NC"). */
export const businessInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');
