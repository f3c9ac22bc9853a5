#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
#
# Runs the libFuzzer target fuzz_compile_spirv the ways kiln uses it, and
# says what happened in a line a person or CI can read:
#
#   --seconds N   fuzz for N seconds (counted once the seeds have run) from
#                 the seed corpus: the SPIR-V kiln's
#                 own front end makes of every corpus kernel (kernels.txt),
#                 written with `kilnc --emit-spirv` into WORK/seeds/ when
#                 missing or older than its source. New inputs the fuzzer
#                 finds collect in WORK/corpus/ (with --fresh-corpus in
#                 WORK/corpus-short/, emptied first), crash inputs in
#                 WORK/crashes/. Stops at the first crash and fails, unless
#                 --keep-going (libFuzzer's fork mode: it goes on past
#                 crashes, timeouts and running out of memory, and counts
#                 them). Prints executions, coverage (cov: edges, ft:
#                 features) and crashes.
#   --replay DIR  runs every file of DIR (the regression inputs, each of
#                 which once crashed kiln) in one process, twice over, and
#                 fails if any still crashes.
#
# A crash, abort, exit, leak or hang (over --timeout seconds for one input)
# is a finding; its input belongs in tests/fuzz/regressions/ with the fix.
import argparse
import concurrent.futures
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import signal
import sys
import threading
import time

# How one input may fail: libFuzzer's artifact prefixes (its slow-unit-
# files, inputs slower than 10 s but within --timeout, are not findings).
ARTIFACT_KINDS = ('crash', 'timeout', 'leak', 'oom')


def fuzz_env(work):
    env = dict(os.environ)
    # libclc's NIR is cached between processes in the build directory, not
    # in the user's shader cache.
    env['MESA_SHADER_CACHE_DIR'] = os.path.join(work, 'shader-cache')
    env.pop('KILN_DEBUG', None)
    # vtn's warnings (capabilities it ignores) on every input; its errors
    # reach kiln's log.
    env.setdefault('MESA_SPIRV_LOG_LEVEL', 'error')
    # UBSan's reports are findings, with a stack to find them by, except
    # the Mesa idioms ubsan.supp lists.
    supp = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'ubsan.supp')
    # meson test sets UBSAN_OPTIONS of its own: the suppressions are added
    # to whatever is there.
    ubsan = env.get('UBSAN_OPTIONS', 'halt_on_error=1:print_stacktrace=1')
    env['UBSAN_OPTIONS'] = f'{ubsan}:suppressions={supp}'
    return env


def seed_jobs(kernels_list, kernels_dir, seeds):
    """(source, build options, seed path) for each line of kernels.txt;
    the same file and options in two lines make one seed."""
    jobs = {}
    with open(kernels_list) as f:
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            words = shlex.split(line)
            src, options = words[0], words[2] if len(words) > 2 else ''
            key = hashlib.sha1(f'{src}\0{options}'.encode()).hexdigest()[:12]
            name = re.sub(r'[^A-Za-z0-9]+', '_', os.path.splitext(src)[0])
            jobs[key] = (os.path.join(kernels_dir, src), options,
                         os.path.join(seeds, f'{name}-{key}.spv'))
    return list(jobs.values())


def make_seeds(args, env):
    seeds = os.path.join(args.work, 'seeds')
    os.makedirs(seeds, exist_ok=True)
    todo = [j for j in seed_jobs(args.kernels_list, args.kernels_dir, seeds)
            if not os.path.exists(j[2]) or os.path.getmtime(j[2]) < os.path.getmtime(j[0])]
    if todo:
        print(f'fuzz: writing {len(todo)} seeds with {args.kilnc} --emit-spirv', flush=True)

    # kilnc is only the means of making seeds here: what it leaks at exit
    # or what UBSan says of it is no reason to go without one.
    seed_env = dict(env, ASAN_OPTIONS='detect_leaks=0', UBSAN_OPTIONS='print_stacktrace=0')

    def one(job):
        src, options, out = job
        cmd = [args.kilnc, '--emit-spirv', out + '.tmp', src]
        if options:
            cmd += ['--'] + shlex.split(options)
        r = subprocess.run(cmd, env=seed_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True, errors='replace')
        if r.returncode == 0 and os.path.exists(out + '.tmp'):
            os.replace(out + '.tmp', out)
            return None
        return f'{src} {options}: kilnc exited {r.returncode}: {r.stderr.strip()[-500:]}'

    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        for err in pool.map(one, todo):
            if err:
                print(f'fuzz: warning: no seed for {err}', flush=True)
    have = [f for f in os.listdir(seeds) if f.endswith('.spv')]
    if not have:
        sys.exit('fuzz: error: no seed could be made; is kilnc working?')
    return seeds


def artifacts(d):
    if not os.path.isdir(d):
        return set()
    return {f for f in os.listdir(d) if f.startswith(ARTIFACT_KINDS)}


def stack_of(output):
    """The sanitizer's or libFuzzer's report: its first line and the
    first frames, enough to tell findings apart."""
    lines = output.splitlines()
    start = next((i for i, l in enumerate(lines)
                  if re.match(r'==\d+==\s*ERROR|.*runtime error:|ALARM:|.*Assertion .* failed'
                              r'|NIR validation failed|.*ACO ERROR|.*isel_err'
                              r'|fuzz_compile_spirv: kiln_compile\(\)', l)), None)
    if start is None:
        return '\n'.join(lines[-20:])
    frames = [l for l in lines[start + 1:] if re.match(r'\s*#\d+ ', l)][:16]
    return '\n'.join([lines[start]] + frames)


def fuzz(args, env):
    seeds = make_seeds(args, env)
    # What the fuzzer found is kept for the next run, except with
    # --fresh-corpus (CI's short run): there the time the seeds take, not
    # an ever longer replay of earlier finds, is what the run costs.
    corpus = os.path.join(args.work, 'corpus-short' if args.fresh_corpus else 'corpus')
    if args.fresh_corpus:
        shutil.rmtree(corpus, ignore_errors=True)
    crashes = os.path.join(args.work, 'crashes')
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(crashes, exist_ok=True)
    before = artifacts(crashes)

    # libFuzzer counts -max_total_time from its start, and running the seeds
    # alone can take longer than a short run (a second or more each, some
    # ten, on this instrumented build). Without --keep-going the time is
    # counted from the end of the seeds instead (libFuzzer's INITED line):
    # an interrupt then ends the run, as cleanly as the time limit would,
    # and -max_total_time is only the outer bound.
    budget = args.seconds if args.keep_going else args.seconds + 1800
    cmd = [args.fuzzer, f'-max_total_time={budget}', f'-timeout={args.timeout}',
           f'-rss_limit_mb={args.rss_limit_mb}', f'-artifact_prefix={crashes}/',
           '-print_final_stats=1']
    if args.seed:
        cmd += [f'-seed={args.seed}']
    if args.keep_going:
        cmd += [f'-fork={args.jobs}', '-ignore_crashes=1', '-ignore_timeouts=1',
                '-ignore_ooms=1']
    cmd += [corpus, seeds]
    print('fuzz: ' + ' '.join(shlex.quote(c) for c in cmd), flush=True)

    start = time.monotonic()
    log_path = os.path.join(args.work, 'fuzz.log')
    stats = {}
    timer = None
    with open(log_path, 'w') as log:
        p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, errors='replace')
        output = []
        for line in p.stdout:
            log.write(line)
            output.append(line)
            if not args.keep_going and timer is None and re.match(r'#\d+\s+INITED', line):
                print(f'fuzz: seeds done after {time.monotonic() - start:.0f} s; fuzzing for '
                      f'{args.seconds} s', flush=True)
                timer = threading.Timer(args.seconds, p.send_signal, (signal.SIGINT,))
                timer.start()
            # libFuzzer's progress: "#N<tab>KIND cov: C ft: F corp: K/..."
            # (fork mode: "#N: cov: C ft: F corp: K ...").
            m = re.match(r'#(\d+):?\s.*?cov: (\d+) ft: (\d+) corp: (\d+)', line)
            if m:
                stats.update(execs=int(m[1]), cov=int(m[2]), ft=int(m[3]), corp=int(m[4]))
            m = re.match(r'stat::number_of_executed_units: (\d+)', line)
            if m:
                stats['execs'] = int(m[1])
            if args.verbose or re.match(r'#\d+\s+(INITED|DONE|pulse)|#\d+: |INFO: (-fork|exiting)'
                                        r'|==\d+==\s*ERROR|.*runtime error:|ALARM:', line):
                print(line, end='', flush=True)
        status = p.wait()
        if timer:
            timer.cancel()
    elapsed = time.monotonic() - start
    # libFuzzer's exit status when interrupted: the end of the time here.
    if timer and status == 72 and 'run interrupted' in ''.join(output[-40:]):
        status = 0
    output = ''.join(output)

    found = sorted(artifacts(crashes) - before)
    execs = stats.get('execs', 0)
    print(f'fuzz: {execs} executions in {elapsed:.0f} s ({execs / max(elapsed, 1):.1f}/s), '
          f'cov: {stats.get("cov", 0)}, ft: {stats.get("ft", 0)}, '
          f'corpus: {stats.get("corp", 0)} inputs, crashes: {len(found)}', flush=True)
    for f in found:
        print(f'fuzz: finding {os.path.join(crashes, f)}')
    if found or (status != 0 and not args.keep_going):
        print('fuzz: the report (full output in ' + log_path + '):')
        print(stack_of(output))
        print('fuzz: rerun one input with: ' + args.fuzzer + ' FILE; once its cause is '
              'fixed, add it to tests/fuzz/regressions/')
        return 1
    return 0


def replay(args, env):
    """All the files in one process, twice over, as libFuzzer runs inputs
    one after another: what one compile leaves behind (a cache, a freed
    type) shows on the next. A failing file is reported and the run goes on
    with the files after it."""
    files = sorted(os.path.join(args.replay, f) for f in os.listdir(args.replay)
                   if not f.startswith('.') and not f.endswith('.md'))
    if not files:
        print(f'fuzz: no regression inputs in {args.replay}')
        return 0
    todo = files + files
    failed = set()
    while todo:
        r = subprocess.run([args.fuzzer, f'-timeout={args.timeout}',
                            f'-rss_limit_mb={args.rss_limit_mb}'] + todo,
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, errors='replace')
        ran = re.findall(r'^Running: (.*)$', r.stdout, re.M)
        if r.returncode == 0:
            break
        culprit = ran[-1] if ran else todo[0]
        failed.add(culprit)
        print(f'fuzz: FAIL {os.path.basename(culprit)} (exit {r.returncode}, input '
              f'{len(files) * 2 - len(todo) + len(ran)} of the {len(files) * 2} replayed)')
        print(stack_of(r.stdout))
        todo = todo[len(ran):] if ran else todo[1:]
    for f in files:
        print(f'fuzz: {"FAIL" if f in failed else "ok  "} {os.path.basename(f)}')
    print(f'fuzz: {len(files) - len(failed)} of {len(files)} regression inputs replay without '
          'a crash')
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(
        description="Runs fuzz_compile_spirv: fuzzing from the corpus kernels' SPIR-V, or "
                    "a replay of the regression inputs.")
    ap.add_argument('--fuzzer', required=True)
    ap.add_argument('--kilnc', required=True)
    ap.add_argument('--kernels-list', required=True)
    ap.add_argument('--kernels-dir', required=True)
    ap.add_argument('--work', required=True, help='seeds, corpus, crashes and the log go here')
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument('--seconds', type=int)
    mode.add_argument('--replay', metavar='DIR')
    ap.add_argument('--keep-going', action='store_true')
    ap.add_argument('--fresh-corpus', action='store_true',
                    help='start from the seeds alone, not from what earlier runs found')
    ap.add_argument('--jobs', type=int, default=1, help='fork mode: parallel jobs')
    ap.add_argument('--timeout', type=int, default=20, help='seconds for one input')
    ap.add_argument('--seed', type=int, default=0,
                    help="libFuzzer's random seed; 0 draws one (the test suite fixes it, "
                         "so a run explores the same inputs each time)")
    ap.add_argument('--rss-limit-mb', type=int, default=4096)
    ap.add_argument('--verbose', action='store_true', help='print all of libFuzzer\'s output')
    args = ap.parse_args()

    env = fuzz_env(args.work)
    sys.exit(replay(args, env) if args.replay else fuzz(args, env))


if __name__ == '__main__':
    main()
