#!/usr/bin/env bash
# Builds the benchmarks jar and runs the full report: core vs DynamoDB Local (PutItem, GetItem, GSI Query),
# core scaling 1k vs 1M items, heap per stored item. Extra arguments go to io.partita.benchmarks.Report
# (e.g. --no-scaling, --no-heap, or JMH options such as -wi 5 -i 5 -r 3s).
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl benchmarks -am package -DskipTests
exec java -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.Report "$@"
