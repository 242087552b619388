import { describe, expect, it } from 'vitest';
import { roleFromScope } from './role';

describe('roleFromScope', () => {
  it.each([
    ['Call Center Supervisor', 'supervisor'],
    ['Office Manager', 'supervisor'],
    ['Call Center User', 'agent'],
    ['Basic User', 'agent'],
  ])('maps %s to %s when the service grants that scope', (scope, role) => {
    expect(roleFromScope(scope)).toBe(role);
  });

  it('ignores surrounding whitespace when the scope is padded', () => {
    expect(roleFromScope(' Office Manager ')).toBe('supervisor');
  });

  it.each(['', 'call center supervisor', 'Admin', 'toString', '__proto__'])(
    'returns null when the scope is %j',
    (scope) => {
      expect(roleFromScope(scope)).toBeNull();
    },
  );
});
