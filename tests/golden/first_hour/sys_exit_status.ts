# RUN: tcc run --eager %s a b
# RUN-EXIT: 3
# sys.argv is the program's path, then its arguments; sys.exit(n) ends the
# program quietly with status n, print(..., file=sys.stderr) writes to stderr.
import sys

print(sys.argv)
print("warning: stopping early", file=sys.stderr)
sys.exit(len(sys.argv))

# CHECK-STDOUT: ['sys_exit_status.ts', 'a', 'b']
# CHECK-STDERR: warning: stopping early
