#!/bin/sh
# Creates every topic of topics.txt on a running broker (idempotent: --if-not-exists).
# Used by the one-shot `kafka-init` service of docker-compose.yml, inside the apache/kafka image.
set -eu

BOOTSTRAP_SERVER="${BOOTSTRAP_SERVER:-kafka:9092}"
TOPICS_FILE="${TOPICS_FILE:-/etc/loadout/kafka/topics.txt}"
DEFAULT_PARTITIONS="${DEFAULT_PARTITIONS:-3}"
REPLICATION_FACTOR="${REPLICATION_FACTOR:-1}"
KAFKA_BIN="${KAFKA_BIN:-/opt/kafka/bin}"

if [ ! -r "$TOPICS_FILE" ]; then
  echo "create-topics: cannot read $TOPICS_FILE" >&2
  exit 1
fi

count=0
# Strip comments and blank lines; each remaining line is "<topic> [partitions]".
sed -e 's/#.*$//' -e '/^[[:space:]]*$/d' "$TOPICS_FILE" | {
  while read -r topic partitions _rest; do
    partitions="${partitions:-$DEFAULT_PARTITIONS}"
    "$KAFKA_BIN/kafka-topics.sh" --bootstrap-server "$BOOTSTRAP_SERVER" --create --if-not-exists \
      --topic "$topic" --partitions "$partitions" --replication-factor "$REPLICATION_FACTOR"
    count=$((count + 1))
  done
  echo "create-topics: $count topics ensured on $BOOTSTRAP_SERVER"
}
