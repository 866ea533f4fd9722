/**
 * Files run three at a time on this two-core kind of machine (decision 0043). Server files spend
 * much of their time waiting on PostgreSQL, SMTP and the processes they start, so a third keeps
 * both cores busy: the unit stage took 125 s with two and 85 s with three on a quiet machine.
 * Every project sets it: Vitest reads `maxWorkers` per project, and projects that run together
 * must agree on it.
 */
export declare const TEST_WORKERS = 3;
