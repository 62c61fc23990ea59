// Child processes the runner owns: each is registered for cleanup, stopped by its own pid
// (SIGTERM, then SIGKILL after a grace period), and its output kept for error messages.
import { spawn } from 'node:child_process';
import { onCleanup, wasInterrupted } from './cleanup.mjs';

const OUTPUT_LIMIT = 64 * 1024;

/** Resolves once the child has exited, or after `ms` (false then). */
export function exited(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function stopChild(child, graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (await exited(child, graceMs)) return;
  child.kill('SIGKILL');
  await exited(child, 5_000);
}

/** Spawns a tracked child; `output()` is its latest stdout+stderr (bounded). */
export function spawnTracked(label, command, args, options = {}) {
  if (wasInterrupted()) throw new Error(`interrupted: ${label} not started`);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let log = '';
  const keep = (chunk) => {
    log = (log + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const forget = onCleanup(label, () => stopChild(child));
  child.once('exit', forget);
  return { child, output: () => log, stop: async (graceMs) => stopChild(child, graceMs) };
}

/** Runs a command to completion with inherited output; resolves to its exit code. */
export function runVisible(label, command, args, options = {}, timeoutMs = 300_000) {
  return new Promise((resolve, reject) => {
    if (wasInterrupted()) return reject(new Error(`interrupted: ${label} not started`));
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    const forget = onCleanup(label, () => stopChild(child));
    const timer = setTimeout(() => {
      void stopChild(child);
      reject(new Error(`${label} took longer than ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      forget();
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
