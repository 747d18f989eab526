/**
 * The web app's import rules (bulletproof-react's): imports flow one way, shared layers →
 * features → app, and a feature never imports another; routes in app/ compose features.
 * `npm run lint` fails on any import that breaks them.
 */
module.exports = {
  forbidden: [
    {
      name: 'feature-imports-another-feature',
      severity: 'error',
      comment: 'A feature never imports another: compose them in a route, or move what both need to a shared layer.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'feature-imports-app',
      severity: 'error',
      comment: 'Features are composed by app/, never the other way round.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-layer-imports-feature-or-app',
      severity: 'error',
      comment: 'components, hooks, lib, config and testing serve every feature and know none of them.',
      from: { path: '^apps/web/src/(components|hooks|lib|config|testing)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
