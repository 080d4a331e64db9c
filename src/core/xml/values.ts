import { parseServiceTime, type NaiveTimeZone, type ServiceTime } from '../time';
import { child, text, type XmlValue } from './node';

/** Field readers shared by the resource readers: tolerant, never throwing. */
export class FieldReader {
  constructor(private readonly naive: NaiveTimeZone = 'utc') {}

  /** Text of a child, trimmed (formatting whitespace is not part of a value). */
  str(node: XmlValue | undefined, name: string): string {
    return text(child(node, name)).trim();
  }

  /** Text of a CDATA-carrying child, exactly as sent. */
  cdata(node: XmlValue | undefined, name: string): string {
    return text(child(node, name));
  }

  flag(node: XmlValue | undefined, name: string): boolean | undefined {
    return toFlag(this.str(node, name));
  }

  int(node: XmlValue | undefined, name: string): number | undefined {
    return toInt(this.str(node, name));
  }

  time(node: XmlValue | undefined, name: string): ServiceTime {
    return parseServiceTime(text(child(node, name)), this.naive);
  }
}

export function toFlag(v: string | undefined): boolean | undefined {
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  return undefined;
}

export function toInt(v: string | undefined): number | undefined {
  if (v === undefined || !/^\s*[-+]?\d+\s*$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
}
