/**
 * Downloads a same-origin address without leaving the app, for a streamed zip of any size: a hidden iframe loads it.
 * The zip's reply is an attachment, so the browser hands it to its downloads (written to disk as it arrives, never
 * held in memory) and the frame stays empty. A refusal before the first byte (401 after the session expired, 404,
 * 409, 410, 500: JSON `{ message }`) loads into the frame instead of the app's page; its sentence is read from there
 * (same origin) and passed to onFailed (null when the reply had no sentence of ours).
 */
const FRAME_LIFETIME_MS = 10 * 60 * 1000;

export function startDownload(url: string, onFailed: (message: string | null) => void): void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  // A download never loads a document into the frame; the frame goes after a while (an ongoing download goes on).
  const timer = window.setTimeout(() => frame.remove(), FRAME_LIFETIME_MS);
  frame.addEventListener('load', () => {
    let text: string;
    try {
      const doc = frame.contentDocument;
      if (!doc || doc.URL === 'about:blank') return;
      text = (doc.body?.textContent ?? '').trim();
    } catch {
      // Not readable (not ours): still a page instead of the file.
      text = '';
    }
    window.clearTimeout(timer);
    frame.remove();
    onFailed(sentenceOf(text));
  });
  frame.src = url;
  document.body.append(frame);
}

/** The `message` of our JSON error reply, else null. */
function sentenceOf(text: string): string | null {
  try {
    const reply = JSON.parse(text) as { message?: unknown } | null;
    return reply && typeof reply.message === 'string' && reply.message.trim() ? reply.message : null;
  } catch {
    return null;
  }
}
