// Bounds of the engine that rules talk about in their messages (the node layer enforces them when it reads).

/** Bytes of one file scanned in chunks at most; past it, the rest of the file is not scanned (and that is an error). */
export const MAX_STREAM_BYTES = 32 * 1024 * 1024;
/** Text files of the package (the skill file excepted) read per skill at most, and their total bytes. */
export const MAX_PACKAGE_FILES = 256;
export const MAX_PACKAGE_BYTES = 8 * 1024 * 1024;
/** Bytes read per package file at least (the run's read bound when larger). */
export const PACKAGE_FILE_BOUND = 1024 * 1024;

/** Bytes read per side file (`_meta.json`, `skill-card.md`): they are small by nature. */
export const SIDE_FILE_BOUND = 65536;
