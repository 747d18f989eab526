/** The meta element of dist/landing.html naming the app's script, for a signed-in member's visit to `/`. */
export const appScriptMeta = 'uplink-app-script';
