import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The one registry of this process. Every metric is a module constant registered here once, so
 * building several apps in one process (the tests do) never registers a metric twice; the apps
 * of one process share it, which is what one process serving one app needs.
 */
export const metricsRegistry = new Registry();

/** Every metric's name starts with it, Node's own figures included: one prefix finds all of Uplink's. */
export const metricsPrefix = 'uplink_';

// Node's own figures (CPU, memory, event-loop lag, GC).
collectDefaultMetrics({ register: metricsRegistry, prefix: metricsPrefix });
// Three of them are gauges named like counters (`…_total`), which Prometheus' conventions (and
// `promtool check metrics`) refuse; the same figures remain per type in `…_active_handles`,
// `…_active_requests` and `…_active_resources` (sum them for the total).
for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
  metricsRegistry.removeSingleMetric(`${metricsPrefix}${name}`);
}
