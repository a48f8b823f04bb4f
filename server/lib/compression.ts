/**
 * API replies go out gzipped from this size (when the client accepts it). Smaller ones go out as they are:
 * compressing a 7.5 KB JSON page cost more CPU (1.7 ms) than it saved. Shared with the bench's baseline, which
 * sends the same bytes for the same answers.
 */
export const API_COMPRESSION_THRESHOLD = 8 * 1024;
