// SPEC 2.3: the profile of GET /api/v1/me. `content` is an HTML fragment in which every
// user value is escaped.
import { createHash } from 'node:crypto';
import type { ProfileResponse } from '@oms/contracts';
import { signId } from '../security/signed-id.js';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

export function avatarUrl(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${digest}?d=identicon&s=160`;
}

export function presentProfile(
  user: { id: string; name: string; email: string; timeZone: string; createdAt: Date },
  sgidKey: string,
): ProfileResponse {
  const avatar = avatarUrl(user.email);
  const content = [
    '<div class="user-profile">',
    `<img class="avatar" src="${escapeHtml(avatar)}" alt="" width="80" height="80">`,
    `<h2 class="name">${escapeHtml(user.name)}</h2>`,
    `<p class="email">${escapeHtml(user.email)}</p>`,
    `<p class="time-zone">Time zone: ${escapeHtml(user.timeZone)}</p>`,
    `<p class="member-since">Member since <time datetime="${user.createdAt.toISOString()}">${user.createdAt.toISOString().slice(0, 10)}</time></p>`,
    '</div>',
  ].join('');
  return { id: user.id, name: user.name, avatar_url: avatar, sgid: signId(sgidKey, 'User', user.id), content };
}
