// Preloaded into each lane (scripts/test-lane.mjs) before Node's test runner starts: it keeps a
// handle on the runner's own async hook so the lane can turn it off once its files are loaded.
//
// Why: the runner watches every asynchronous step of the process (every promise, timer and
// socket callback) with an async hook, to know which test a new test, hook or stray error
// belongs to. Measured on the unit suite's files, that watching was about a quarter of their CPU
// time. The lane needs it only while its files load and register their tests and hooks; while
// the tests run, a test, hook or `after` is added through the test's own context (`t.test`,
// `t.after`), and a stray error still fails the lane (the lane names the test then running).
// `--require` runs before the runner builds its tree; `--import` would run too late.
'use strict';
const { createHook } = require('node:async_hooks');

const HOOK_KEY = Symbol.for('paydesk.testRunnerAsyncHook');
const hookPrototype = Object.getPrototypeOf(createHook({}));
const enable = hookPrototype.enable;

hookPrototype.enable = function enableNoting() {
  if (globalThis[HOOK_KEY] === undefined && /node:internal\/test_runner\/harness/.test(new Error().stack)) {
    globalThis[HOOK_KEY] = this;
  }
  return enable.call(this);
};
