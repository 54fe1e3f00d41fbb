import { EVENT_COLUMNS } from '../../contract/insights.contract';
import type { FlowEvent } from './insights-events.service';

// The export's two formats, written batch by batch (docs/insights.md, "Export"). Each function turns a batch of
// events into text; nothing here keeps state across batches except the XES trace that is still open.

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const CSV_HEADER = `${EVENT_COLUMNS.join(',')}\r\n`;

export function csvLines(events: FlowEvent[]): string {
  return events
    .map((e) =>
      [
        e.eventId,
        e.caseId,
        e.activity,
        e.timestamp,
        e.status,
        e.resourceRole,
        e.wardCode,
        e.localityCode,
        e.stationCode,
      ]
        .map(csvCell)
        .join(','),
    )
    .map((line) => `${line}\r\n`)
    .join('');
}

const xml = (text: string | number) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attr = (type: 'string' | 'date' | 'int', key: string, value: string | number) =>
  `<${type} key="${key}" value="${xml(value)}"/>`;

/** IEEE 1849-2016 XES: the standard extensions, globals and an activity classifier. */
export const XES_HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<log xes.version="1849-2016" xes.features="" xmlns="http://www.xes-standard.org/">
  <extension name="Concept" prefix="concept" uri="http://www.xes-standard.org/concept.xesext"/>
  <extension name="Time" prefix="time" uri="http://www.xes-standard.org/time.xesext"/>
  <extension name="Organizational" prefix="org" uri="http://www.xes-standard.org/org.xesext"/>
  <global scope="trace">${attr('string', 'concept:name', '__INVALID__')}</global>
  <global scope="event">${attr('string', 'concept:name', '__INVALID__')}${attr('date', 'time:timestamp', '1970-01-01T00:00:00.000Z')}</global>
  <classifier name="Activity" keys="concept:name"/>
  ${attr('string', 'concept:name', 'MRSS application lifecycle')}
`;
export const XES_TAIL = '</log>\n';

/**
 * Writes XES traces, one per case. Events arrive grouped by case (flowEvents orders them so), so a trace is closed
 * when the next case starts, or at the end.
 */
export class XesTraces {
  private openCase: number | null = null;

  write(events: FlowEvent[]): string {
    let out = '';
    for (const e of events) {
      if (e.caseId !== this.openCase) {
        out += this.close();
        this.openCase = e.caseId;
        out += `  <trace>${attr('string', 'concept:name', e.caseId)}${attr('string', 'ward_code', e.wardCode)}${attr('string', 'locality_code', e.localityCode)}${attr('string', 'station_code', e.stationCode)}\n`;
      }
      out += `    <event>${attr('string', 'concept:name', e.activity)}${attr('date', 'time:timestamp', e.timestamp)}${attr('string', 'org:role', e.resourceRole)}${attr('string', 'lifecycle_status', e.status)}${attr('int', 'event_id', e.eventId)}${attr('string', 'ward_code', e.wardCode)}${attr('string', 'locality_code', e.localityCode)}${attr('string', 'station_code', e.stationCode)}</event>\n`;
    }
    return out;
  }

  close(): string {
    if (this.openCase === null) return '';
    this.openCase = null;
    return '  </trace>\n';
  }
}

/**
 * OCEL 2.0 JSON: one object type (the application, with its three codes), one event type per flow step, each
 * event related to its application with the qualifier 'case'. The events are written first and the objects
 * after them, from a second read of the same batches (JSON has no order between keys, and one pass cannot list
 * the objects before it has read the events): twice the queries, still one batch in memory.
 */
const CODES = ['ward_code', 'locality_code', 'station_code'] as const;
export function ocelHead(steps: readonly string[]): string {
  const objectTypes = [{ name: 'application', attributes: CODES.map((name) => ({ name, type: 'string' })) }];
  const eventTypes = steps.map((name) => ({
    name,
    attributes: [
      { name: 'resource_role', type: 'string' },
      { name: 'lifecycle_status', type: 'string' },
    ],
  }));
  return `{"objectTypes":${JSON.stringify(objectTypes)},\n"eventTypes":${JSON.stringify(eventTypes)},\n"events":[`;
}

export class OcelWriter {
  private first = true;
  private lastCase: number | null = null;

  private item(json: unknown): string {
    const text = `${this.first ? '' : ','}\n${JSON.stringify(json)}`;
    this.first = false;
    return text;
  }

  events(events: FlowEvent[]): string {
    return events
      .map((e) =>
        this.item({
          id: `e${e.eventId}`,
          type: e.activity,
          time: e.timestamp,
          attributes: [
            { name: 'resource_role', value: e.resourceRole },
            { name: 'lifecycle_status', value: e.status },
          ],
          relationships: [{ objectId: `a${e.caseId}`, qualifier: 'case' }],
        }),
      )
      .join('');
  }

  /** Between the two reads: closes the events and opens the objects. */
  startObjects(): string {
    this.first = true;
    return '\n],\n"objects":[';
  }

  objects(events: FlowEvent[]): string {
    let out = '';
    for (const e of events) {
      if (e.caseId === this.lastCase) continue;
      this.lastCase = e.caseId;
      const codes = { ward_code: e.wardCode, locality_code: e.localityCode, station_code: e.stationCode };
      out += this.item({
        id: `a${e.caseId}`,
        type: 'application',
        attributes: CODES.map((name) => ({ name, time: '1970-01-01T00:00:00Z', value: codes[name] })),
        relationships: [],
      });
    }
    return out;
  }
}

export const OCEL_TAIL = '\n]}\n';
