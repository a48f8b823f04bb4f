import { TIME_ZONE_COOKIE } from './first-screen-constants';

/**
 * The one script inline in the app's page (client/build/early-script.ts puts it in index.html's head, and the server's
 * Content-Security-Policy allows exactly it by its hash, server/app.ts). It remembers the browser's IANA time zone in a
 * cookie sent with the hub's pages only, from which the server greets at the person's time of day (shared/greeting.ts).
 * It runs before the first paint on purpose: a browser's first Intl call loads its locale and time-zone data, 30–60 ms
 * on a slow phone, which the app's dates need anyway; paid here, it never holds up the page once it is on screen.
 */
export const EARLY_SCRIPT = `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z)document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(z)+"; path=/hub; max-age=31536000; samesite=lax"+(location.protocol==="https:"?"; secure":"")}catch(e){}`;
