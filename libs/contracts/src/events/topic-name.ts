/** `<service>.<aggregate>.<event>.v<major>`, e.g. `orders.order.shipped.v1`. */
export type TopicName = `${string}.${string}.${string}.v${number}`;

export interface TopicParts {
  service: string;
  aggregate: string;
  event: string;
  version: number;
}

const TOPIC_PATTERN = /^([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]*)\.v([1-9][0-9]*)$/;

/** Splits a topic name into its parts; null when it does not follow the naming rule. */
export function parseTopic(topic: string): TopicParts | null {
  const m = TOPIC_PATTERN.exec(topic);
  if (!m) return null;
  return { service: m[1]!, aggregate: m[2]!, event: m[3]!, version: Number(m[4]) };
}

export function topicName(parts: TopicParts): TopicName {
  const name = `${parts.service}.${parts.aggregate}.${parts.event}.v${parts.version}`;
  if (!parseTopic(name)) throw new Error(`"${name}" is not a valid topic name`);
  return name as TopicName;
}
