/**
 * A real redis-server for the backplane tests: $REDIS_URL (scripts/services.sh exports it), else
 * one on 127.0.0.1:56390 if something answers there. With REDIS_URL set the tests always run, so
 * a server that does not answer fails them; without it and without a server they are off.
 * Every test works under its own key prefix and deletes its keys afterwards.
 */
import { randomUUID } from 'node:crypto';
import { createConnection } from 'node:net';
import { Redis } from 'ioredis';
import { openRedisBackplane, type RedisBackplane, type RedisBackplaneOptions } from '../../../src/server/storage/redis/index.js';

/** The Redis the tests use. */
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:56390';

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(300);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether the Redis tests run. */
export const runRedis = process.env.REDIS_URL !== undefined || (await answers(redisUrl));

/** A key prefix no other test uses. */
export function freshPrefix(): string {
  return `vftest:${randomUUID()}:`;
}

/** Backplanes opened by a test, on one prefix, closed and cleaned up together. */
export interface BackplaneGroup {
  prefix: string;
  /** Opens one more backplane (another "instance") on the group's prefix; `url` e.g. through a proxy. */
  open(options?: RedisBackplaneOptions, url?: string): Promise<RedisBackplane>;
  /** A plain client on the test Redis, for looking at keys. */
  raw(): Redis;
  /** Closes every backplane and deletes the prefix's keys. */
  close(): Promise<void>;
}

export function backplaneGroup(prefix: string = freshPrefix()): BackplaneGroup {
  const opened: RedisBackplane[] = [];
  let client: Redis | undefined;
  const raw = (): Redis => {
    client ??= new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 });
    return client;
  };
  return {
    prefix,
    async open(options = {}, url = redisUrl) {
      const backplane = await openRedisBackplane(url, { keyPrefix: prefix, ...options });
      opened.push(backplane);
      return backplane;
    },
    raw,
    async close() {
      await Promise.allSettled(opened.map((backplane) => backplane.close()));
      const redis = raw();
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (found.length > 0) await redis.del(...found);
      } while (cursor !== '0');
      await redis.quit();
    },
  };
}
