/** ERR-7: cache writes are retried up to 5 times, waiting 100 ms times the attempt number. */
import { CACHE_WRITE_RETRIES, CACHE_WRITE_RETRY_STEP_MS, CatalogueError } from '@copperplate/model';
import type { Clock } from './clock.ts';

/**
 * Runs `write`; on failure waits 100 ms x attempt and tries again, 5 retries at most. When every
 * attempt failed it calls `onFail` (the app's cache-storage warning) and throws DB_INIT_ERROR
 * ('The CacheStorage connection failed').
 */
export async function withWriteRetries<T>(clock: Clock, write: () => Promise<T>, onFail?: (e: unknown) => void): Promise<T> {
  let last: unknown;
  for (let attempt = 0; attempt <= CACHE_WRITE_RETRIES; attempt++) {
    if (attempt > 0) await clock.sleep(CACHE_WRITE_RETRY_STEP_MS * attempt);
    try {
      return await write();
    } catch (e) {
      last = e;
    }
  }
  onFail?.(last);
  throw CatalogueError.named('DB_INIT_ERROR');
}
