/**
 * Brotli or gzip, as the client's Accept-Encoding asks, for the text the server sends: pages, stylesheets, scripts,
 * JSON, XML, plain text and markdown. Routes registered after this (in a later plugin) are compressed.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const TEXT = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)/i;

export function registerCompression(app: FastifyInstance): void {
  app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes: TEXT,
    // Request bodies stay as the API reads them: plain JSON.
    globalDecompression: false,
  });
}
