import { unknownSize } from './messages/frames';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { documents: { unknownSize } } as const;

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * The spec's file size: Bytes, KB, MB or GB (base 1024, at most two decimals, e.g. "1.46 MB", "512 Bytes");
 * 'Unknown size' when there is none (0, null, not a number).
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (!bytes || !Number.isFinite(bytes) || bytes < 0) return M.documents.unknownSize;
  const unit = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** unit).toFixed(2))} ${UNITS[unit]}`;
}
