import { describe, expect, it } from 'vitest';
import { listByParentQuery, namedChildRequests } from './fields';

describe('listByParentQuery', () => {
  const query = listByParentQuery('milestone');

  it('reads the parent id from the query string, or nothing', () => {
    expect(query.parse({ milestone: '12' })).toEqual({ milestone: 12 });
    expect(query.parse({})).toEqual({});
  });

  it('answers the field-named 400 message of a bad id', () => {
    const result = query.safeParse({ milestone: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['milestone']);
  });
});

describe('namedChildRequests', () => {
  const { create, update } = namedChildRequests('estimate', 10);

  it('creates under a parent with a trimmed name, and updates the name only', () => {
    expect(create.parse({ estimate: 3, name: '  Design ' })).toEqual({
      estimate: 3,
      name: 'Design',
    });
    expect(update.parse({ name: 'Build' })).toEqual({ name: 'Build' });
  });

  it('refuses a missing parent and a name over the limit, naming each field', () => {
    const result = create.safeParse({ name: 'x'.repeat(11) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['estimate', 'name']);
  });
});
