import path from 'node:path';

// These paths are taken from this file's folder, src/, and the bundle's, dist/, which sits beside
// it (scripts/build-server.ts): the file stays at the top of src/ so that both resolve alike.

/**
 * DATA_DIR when none is set: the repository's data/, whichever directory a script runs from
 * (npm start, a workspace script, demo:pay), so they all open the same database and files.
 */
export const defaultDataDir = path.resolve(import.meta.dirname, '../../../data');

/** The web app's build the server serves when WEB_DIST_DIR is not set. */
export const defaultWebDistDir = path.join(import.meta.dirname, '../../web/dist');
