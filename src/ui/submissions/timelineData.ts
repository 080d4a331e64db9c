import { hasResponded, stateOfCompleted, type ServiceTime, type SubmissionDetail, type SubmissionHistory } from '../../core';
import type { TimeView, TimelineData } from '../../shared/timelineProtocol';

function timeView(t: ServiceTime): TimeView {
  return { raw: t.raw, ms: t.ms };
}

/** What a timeline page draws, from the detail, the history and the state (the status endpoint's, else `completed`'s). */
export function toTimeline(d: SubmissionDetail, h: SubmissionHistory, status?: string): TimelineData {
  return {
    id: d.id,
    formReference: d.formReference,
    created: timeView(d.created),
    status: status ?? stateOfCompleted(d.completed) ?? 'UNKNOWN',
    counters: {
      involved: d.total.involved ?? h.summary.total.involved,
      signing: d.total.signing ?? h.summary.total.signing,
      nonsigning: d.total.nonsigning ?? h.summary.total.nonsigning,
      accepted: d.total.accepted ?? h.summary.total.accepted,
      clarified: d.total.clarified,
      rejected: d.total.rejected,
    },
    events: h.events.map((e) => ({ time: timeView(e.time), description: e.description })),
    recipients: d.recipients.map((r) => ({
      name: r.name, email: r.email, recpType: r.recpType,
      viewed: r.submissionViewed, timeViewed: timeView(r.timeViewed),
      responded: hasResponded(r), respondedAt: timeView(r.responded),
      responseStatus: r.responseStatus,
      comment: r.comment, endorsement: r.endorsement,
    })),
    attachments: d.attachments.map((a) => ({ id: a.id, name: a.name })),
  };
}
