import { AppError } from '@screenroom/shared/errors';
import type { FastifyReply } from 'fastify';
import { ENCRYPTED_SEGMENT_CACHE, NOT_STORED } from './cache-policy';
import type { SegmentAnswer } from './streams.service';

/** Streams a segment (from storage, or decrypted here), or sends the browser to a signed storage URL (S3). */
export function sendSegment(reply: FastifyReply, answer: SegmentAnswer | null) {
  if (!answer) throw new AppError('NOT_FOUND', 'This part of the film does not exist.');
  // The signed URL lapses within minutes: a kept redirect would lead nowhere. The bucket's answer
  // carries the segment's own policy, asked for in the signed URL (StreamsService.segment).
  if ('redirect' in answer) return reply.header('cache-control', NOT_STORED).redirect(answer.redirect, 302);
  if ('bytes' in answer) {
    // Decrypted here: unlike an encrypted segment, these bytes play without a key, so no copy is kept.
    return reply
      .type('video/mp2t')
      .header('content-length', answer.bytes.length)
      .header('cache-control', NOT_STORED)
      .send(answer.bytes);
  }
  return reply
    .type('video/mp2t')
    .header('content-length', answer.object.size)
    .header('cache-control', answer.encrypted ? ENCRYPTED_SEGMENT_CACHE : NOT_STORED)
    .send(answer.object.body);
}
