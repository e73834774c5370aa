import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv.ts';

describe('csv', () => {
  it('leaves plain fields as they are', () => {
    expect(csvRow(['purchase', '10.0000', 3, true])).toBe('purchase,10.0000,3,true\r\n');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    expect(csvField(' padded ')).toBe('" padded "');
  });

  it('writes nothing for null and ISO time for dates', () => {
    expect(csvRow([null, undefined, new Date('2026-01-02T03:04:05.000Z')])).toBe(',,2026-01-02T03:04:05.000Z\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but keeps negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('-0.2500')).toBe('-0.2500');
    expect(csvField(-3)).toBe('-3');
  });

  it('leaves a cell as it is only when it is entirely a number: a minus followed by digits and more is defused', () => {
    expect(csvField("-2+3+cmd|' /C calc'!A0")).toBe(`'-2+3+cmd|' /C calc'!A0`);
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('-2e3')).toBe("'-2e3");
    expect(csvField('-12.5%')).toBe("'-12.5%");
    expect(csvField('+15551234567')).toBe("'+15551234567");
    expect(csvField('\t=1+1')).toBe("'\t=1+1");
    expect(csvField('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvField('-12')).toBe('-12');
    expect(csvField('10.0000')).toBe('10.0000');
    expect(csvField('a-2+3')).toBe('a-2+3');
  });
});
