import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videoKeys } from '../../db/schema/video-keys';

export type StoredKey = { id: string; rendition: string; segmentIndex: number; keySealed: string };

export class KeysRepository {
  constructor(private readonly db: Database) {}

  /** Replaces every key of a video in one transaction (a re-encryption never mixes old and new keys). */
  async replaceAll(videoId: string, keys: StoredKey[]) {
    await this.db.transaction(async (tx) => {
      await tx.delete(videoKeys).where(eq(videoKeys.videoId, videoId));
      for (let i = 0; i < keys.length; i += 500) {
        await tx.insert(videoKeys).values(keys.slice(i, i + 500).map((k) => ({ ...k, videoId })));
      }
    });
  }

  async find(videoId: string, keyId: string) {
    const [row] = await this.db
      .select({ keySealed: videoKeys.keySealed })
      .from(videoKeys)
      .where(and(eq(videoKeys.id, keyId), eq(videoKeys.videoId, videoId)));
    return row;
  }

  async count(videoId: string) {
    return this.db.$count(videoKeys, eq(videoKeys.videoId, videoId));
  }
}
