/**
 * For a dashboard's sections below the first screenful on a phone: the browser works out their styles and layout and
 * paints them when they come near the viewport (content-visibility), not in the first render, whose work a slow phone
 * feels as a page that does not answer (Lighthouse's blocking time on the portal's dashboard: 162 -> 31 ms). Their
 * containment would clip the cards' rings and shadows at the section's edge; the clip margin leaves room for them.
 */
export const BELOW_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_24rem] [overflow-clip-margin:0.5rem]';
