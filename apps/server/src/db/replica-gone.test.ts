import { describe, expect, it } from 'vitest';
import { replicaGone } from './read-replica';

describe('which failures of a replica statement the primary answers instead', () => {
  it.each([
    ['a socket reset (a code, but no SQLSTATE)', { code: 'ECONNRESET', errno: -104, syscall: 'read' }],
    ['a broken pipe', { code: 'EPIPE', errno: -32, syscall: 'write' }],
    ['a lost connection without a code', new Error('Connection terminated unexpectedly')],
    ['the server shutting down', { severity: 'FATAL', code: '57P01' }],
    ['a connection failure the server reports', { severity: 'FATAL', code: '08006' }],
    ['a conflict with replay', { severity: 'ERROR', code: '40001' }],
    ['too many connections', { severity: 'FATAL', code: '53300' }],
  ])('%s: the replica is gone', (_, error) => {
    expect(replicaGone(error)).toBe(true);
  });

  it.each([
    ['an unknown table', { severity: 'ERROR', code: '42P01' }],
    ['a malformed value', { severity: 'ERROR', code: '22P02' }],
  ])("%s: the statement's own fault, answered as it is", (_, error) => {
    expect(replicaGone(error)).toBe(false);
  });
});
