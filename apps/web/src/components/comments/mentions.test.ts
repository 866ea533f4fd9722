import { mentionedEmails } from '@portal/contract/notifications';
import { describe, expect, it } from 'vitest';
import { mentionLabel, mentionsToData, splitMentions } from './mentions';

const dana = { name: 'Dana Lee', email: 'dana@acme.example' };
const danaB = { name: 'Dana', email: 'dana.b@acme.example' };
const nameless = { name: '', email: 'ops@acme.example' };

describe('mentions', () => {
  it('labels a person by name, or by address without one', () => {
    expect(mentionLabel(dana)).toBe('@Dana Lee');
    expect(mentionLabel(nameless)).toBe('@ops@acme.example');
  });

  it('sends each picked name as the address the server reads', () => {
    const sent = mentionsToData('@Dana Lee can you check this? (@Dana too)', [dana, danaB]);
    expect(sent).toBe('@dana@acme.example can you check this? (@dana.b@acme.example too)');
    expect(mentionedEmails(sent)).toEqual(['dana@acme.example', 'dana.b@acme.example']);
  });

  it('leaves a name edited by hand, an address typed, and a name inside a word as typed', () => {
    expect(mentionsToData('@Dana Leeward, mail@Dana Lee', [dana])).toBe(
      '@Dana Leeward, mail@Dana Lee',
    );
    expect(mentionsToData('@ops@acme.example hi', [nameless])).toBe('@ops@acme.example hi');
    expect(mentionsToData('nothing picked', [])).toBe('nothing picked');
  });

  it('ends a label before punctuation', () => {
    expect(mentionsToData('Thanks @Dana Lee.', [dana])).toBe('Thanks @dana@acme.example.');
  });

  it('cuts a text into plain runs and mentions, keeping every character', () => {
    const text = 'Hi @dana@acme.example, see (@ops@acme.example).';
    const segments = splitMentions(text);
    expect(segments).toEqual([
      { text: 'Hi ' },
      { email: 'dana@acme.example' },
      { text: ', see (' },
      { email: 'ops@acme.example' },
      { text: ').' },
    ]);
    expect(segments.map((s) => ('text' in s ? s.text : `@${s.email}`)).join('')).toBe(text);
    expect(splitMentions('no mention here')).toEqual([{ text: 'no mention here' }]);
  });
});
