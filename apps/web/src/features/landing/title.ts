/** The landing page's title, which the prerendered page carries too (src/prerender.tsx). */
export const landingTitle = 'Copy trading with rewards';
