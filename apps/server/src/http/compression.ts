import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const compressionThresholdBytes = 1024;

/**
 * Answers over 1 KB (the API's JSON, the OpenAPI document, the metrics) are compressed on the
 * fly: brotli at quality 4, else gzip, as Accept-Encoding allows, with `Vary: Accept-Encoding`.
 * The web app's files were compressed at build time and arrive here already encoded, which the
 * plugin leaves alone, as it does partial (206) answers. Request bodies are not decompressed:
 * no client sends them compressed, and the body limit is meant for what arrives.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: compressionThresholdBytes,
    globalDecompression: false,
  });
}
