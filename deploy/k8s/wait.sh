#!/usr/bin/env bash
# Waits for a Job to end: exit status 0 when its condition Complete is
# true, 1 when Failed is (kubectl wait --for=condition=complete alone would
# wait its whole timeout on a failed Job). Looks every 30 s.
#
#   deploy/k8s/wait.sh job/c4-book-shards [kubectl flags, e.g. -n NAMESPACE]
set -euo pipefail
job=$1
shift
while true; do
	state=$(kubectl get "$job" "$@" -o jsonpath='{range .status.conditions[?(@.status=="True")]}{.type}{" "}{end}')
	case " $state " in
	*" Complete "*) echo "$job: complete"; exit 0 ;;
	*" Failed "*) echo "$job: failed" >&2; exit 1 ;;
	esac
	sleep 30
done
