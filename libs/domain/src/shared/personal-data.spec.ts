import { valueAt, withValueAt } from './personal-data';

describe('values at a path of event data', () => {
  const data = { details: { title: 'Azores', skills: ['helm'] }, reason: 'weather', count: 2 };

  it('reads a value nested in objects, and nothing through a missing step, an array or a scalar', () => {
    expect(valueAt(data, ['details', 'title'])).toBe('Azores');
    expect(valueAt(data, ['reason'])).toBe('weather');
    expect(valueAt(data, [])).toEqual(data);
    expect(valueAt(data, ['details', 'missing'])).toBeUndefined();
    expect(valueAt(data, ['details', 'skills', '0'])).toBeUndefined();
    expect(valueAt(data, ['count', 'x'])).toBeUndefined();
    expect(valueAt({ empty: null }, ['empty', 'x'])).toBeUndefined();
    // A string's own properties are not data.
    expect(valueAt(data, ['details', 'title', 'length'])).toBeUndefined();
  });

  it('replaces one value, copying only the objects on the path, and leaves data without the path as it is', () => {
    const changed = withValueAt(data, ['details', 'title'], 'sealed');
    expect(changed).toEqual({ ...data, details: { ...data.details, title: 'sealed' } });
    expect(data.details.title).toBe('Azores');
    expect(changed.details).not.toBe(data.details);
    expect((changed.details as { skills: string[] }).skills).toBe(data.details.skills);
    expect(withValueAt(data, ['reason'], 'x')).toEqual({ ...data, reason: 'x' });
    expect(withValueAt(data, ['absent'], 'x')).toBe(data);
    expect(withValueAt(data, ['details', 'absent'], 'x')).toBe(data);
    expect(withValueAt(data, ['details', 'skills', '0'], 'x')).toBe(data);
    expect(withValueAt(data, ['count', 'x'], 'x')).toBe(data);
    expect(withValueAt({ empty: null }, ['empty', 'x'], 'x')).toEqual({ empty: null });
    expect(withValueAt(data, [], 'x')).toBe(data);
    const odd = { undefined: 'kept' };
    expect(withValueAt(odd, [], 'x')).toBe(odd);
  });
});
