import { AppError } from '@screenroom/shared/errors';
import type { FastifyReply } from 'fastify';
import type { SegmentAnswer } from './streams.service';

/** Streams a segment (from storage, or decrypted here), or sends the browser to a signed storage URL (S3). */
export function sendSegment(reply: FastifyReply, answer: SegmentAnswer | null) {
  if (!answer) throw new AppError('NOT_FOUND', 'This part of the film does not exist.');
  if ('redirect' in answer) return reply.redirect(answer.redirect, 302);
  if ('bytes' in answer) {
    // Decrypted here: unlike an encrypted segment, these bytes play without a key, so no copy is kept.
    return reply
      .type('video/mp2t')
      .header('content-length', answer.bytes.length)
      .header('cache-control', 'no-store')
      .send(answer.bytes);
  }
  return reply
    .type('video/mp2t')
    .header('content-length', answer.object.size)
    .header('cache-control', 'private, max-age=3600')
    .send(answer.object.body);
}
