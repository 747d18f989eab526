import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The one registry of this process. Every metric is a module constant registered here once, so
 * building several apps in one process (the tests do) never registers a metric twice; the apps
 * of one process share it, which is what one process serving one app needs.
 */
export const metricsRegistry = new Registry();

// Node's own figures (CPU, memory, event-loop lag, GC), prefixed to tell them from the product's.
collectDefaultMetrics({ register: metricsRegistry, prefix: 'uplink_' });
