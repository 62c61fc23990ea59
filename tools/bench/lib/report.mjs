// Results: one record per case ({name, target, value, unit, baseline, baseline_value, ratio,
// goal, meets}, plus `details`, `skipped` or `error`), printed as a table and written as JSON. `def` is
// the case as it runs on the target (targets/index.mjs caseFor: goal and baseline resolved).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { round } from './stats.mjs';

function parseGoal(goal) {
  const match = /^(<=|>=)\s*([0-9.]+)$/.exec(goal);
  if (!match) throw new Error(`bad goal "${goal}"`);
  return { op: match[1], limit: Number(match[2]) };
}

export function meetsGoal(ratio, goal) {
  const { op, limit } = parseGoal(goal);
  return op === '<=' ? ratio <= limit : ratio >= limit;
}

const base = (def) => ({ name: def.name, target: def.target, value: null, unit: def.unit, baseline: def.baseline, baseline_value: null, ratio: null, goal: def.goal, meets: null });

export function measuredResult(def, { value, baseline_value, details }) {
  if (!Number.isFinite(value) || !Number.isFinite(baseline_value) || baseline_value <= 0) {
    throw new Error(`${def.name} produced no usable numbers (value ${value}, baseline ${baseline_value})`);
  }
  const ratio = value / baseline_value;
  const result = { ...base(def), value: round(value), baseline_value: round(baseline_value), ratio: round(ratio), meets: meetsGoal(ratio, def.goal) };
  // Figures a case measured besides its ratio (e.g. mcp-read: the clients' own share).
  if (details) result.details = Object.fromEntries(Object.entries(details).map(([key, figure]) => [key, round(figure)]));
  return result;
}

export const skippedResult = (def, reason) => ({ ...base(def), skipped: reason });

export const failedResult = (def, error) => ({ ...base(def), error: error instanceof Error ? error.message : String(error) });

function cells(result) {
  const unit = result.unit ? ` ${result.unit}` : '';
  const meets = result.skipped ? 'skipped' : result.error ? 'ERROR' : result.meets ? 'yes' : 'NO';
  return [
    result.name,
    result.value === null ? '-' : `${result.value}${unit}`,
    result.baseline_value === null ? '-' : `${result.baseline_value}${unit}`,
    result.ratio === null ? '-' : String(result.ratio),
    result.goal,
    meets,
  ];
}

const HEADER = ['case', 'value', 'baseline', 'ratio', 'goal', 'meets'];

export function formatTable(results) {
  const rows = [HEADER, ...results.map(cells)];
  const widths = HEADER.map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  const out = [line(rows[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)];
  for (const result of results) {
    if (result.skipped) out.push(`  ${result.name}: skipped, ${result.skipped}`);
    if (result.error) out.push(`  ${result.name}: could not run: ${result.error}`);
  }
  return out.join('\n');
}

export async function writeResults(file, results) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
}
