import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

/*
 * The bench's three measurements: throughput and latency under load (autocannon,
 * CONNECTIONS connections for DURATION_SECONDS), one request at a time (median of
 * SINGLE_REQUESTS, and the largest body), and this process's resident memory while that runs.
 */

export const DURATION_SECONDS = 5;
export const CONNECTIONS = 10;
export const SINGLE_REQUESTS = 20;

export interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

export interface LoadFigures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export async function measureLoad(target: Target): Promise<LoadFigures> {
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    // A slow answer under load is a figure, not an error (the default gives up after 10 s).
    timeout: 60,
    method: target.method ?? 'GET',
    ...(target.body ? { body: target.body } : {}),
    ...(target.headers ? { headers: target.headers } : {}),
  });
  return {
    name: target.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

const autocannonCli = createRequire(import.meta.url).resolve('autocannon');
const run = promisify(execFile);

/** At least this many answers make a figure; a slower target runs until it has them. */
const FEWEST_ANSWERS = 2 * CONNECTIONS;

async function autocannonApart(target: Target, runFor: string[]): Promise<autocannon.Result> {
  const headers = Object.entries(target.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const args = [
    autocannonCli,
    ...['-c', String(CONNECTIONS), ...runFor, '-t', '120', '-j'],
    ...(target.method ? ['-m', target.method] : []),
    ...(target.body ? ['-b', target.body] : []),
    ...headers,
    target.url,
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as autocannon.Result;
}

/**
 * measureLoad with autocannon in a child process, so this process's memory is the service's
 * alone (in-process, autocannon's own buffers and histograms would count as the service's).
 * A target too slow to answer FEWEST_ANSWERS in DURATION_SECONDS is run again until it has;
 * req/s is answers over the run's seconds.
 */
export async function measureLoadApart(target: Target): Promise<LoadFigures> {
  let result = await autocannonApart(target, ['-d', String(DURATION_SECONDS)]);
  if (result.requests.total < FEWEST_ANSWERS)
    result = await autocannonApart(target, ['-a', String(FEWEST_ANSWERS)]);
  return {
    name: target.name,
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

export interface SingleFigures {
  medianMs: number;
  /** Uncompressed (autocannon asks for no encoding) and as gzip would send it. */
  largestBytes: number;
  largestGzipBytes: number;
  statuses: number[];
}

/** `SINGLE_REQUESTS` requests one after another: the median time and the largest answer. */
export async function measureSingle(target: Target): Promise<SingleFigures> {
  const times: number[] = [];
  const statuses = new Set<number>();
  let largest = Buffer.alloc(0);
  for (let i = 0; i < SINGLE_REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(target.url, {
      method: target.method ?? 'GET',
      ...(target.body ? { body: target.body } : {}),
      headers: { ...target.headers, 'accept-encoding': 'identity' },
    });
    const body = Buffer.from(await response.arrayBuffer());
    times.push(performance.now() - started);
    statuses.add(response.status);
    if (body.length > largest.length) largest = body;
  }
  times.sort((a, b) => a - b);
  const middle = times.length / 2;
  const median = ((times[Math.floor(middle - 0.5)] ?? 0) + (times[Math.floor(middle)] ?? 0)) / 2;
  return {
    medianMs: median,
    largestBytes: largest.length,
    largestGzipBytes: gzipSync(largest).length,
    statuses: [...statuses],
  };
}

export interface MemoryPeak {
  rss: number;
  heapUsed: number;
}

/** Samples process.memoryUsage() every 50 ms until stopped; returns the peaks in bytes. */
export function sampleMemory(): { stop(): MemoryPeak } {
  const peak: MemoryPeak = { rss: 0, heapUsed: 0 };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peak.rss = Math.max(peak.rss, rss);
    peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
  };
  sample();
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

export const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
