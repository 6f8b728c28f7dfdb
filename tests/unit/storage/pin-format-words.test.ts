// The words a refused new PIN is shown in: too short or too long (even when not an easy run of
// digits) names the allowed length for the screens' catalogue; an easy run of digits says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pinFormatError } from '../../../electron/services/storage/manager-pin';

const LENGTH_REFUSAL = {
  code: 'invalid_input',
  message: 'The PIN must be 4 to 8 digits.',
  words: { key: 'pin.digits', params: { min: 4, max: 8 } },
};
const TOO_EASY = {
  code: 'invalid_input',
  message: 'That PIN is too easy to guess (repeated or consecutive digits).',
  words: { key: 'pin.tooEasy' },
};

test('a PIN too short or too long is refused with the allowed length, whatever its digits', () => {
  for (const pin of ['135', '73', '135792468', '9073152846', '12a4', ''])
    assert.deepEqual(pinFormatError(pin)?.toShape(), LENGTH_REFUSAL, pin);
  for (const pin of ['1357', '13572468']) assert.equal(pinFormatError(pin), null, pin);
});

test('a run of one digit or of consecutive digits is refused as too easy', () => {
  for (const pin of ['7777', '3210', '45678', '01234567'])
    assert.deepEqual(pinFormatError(pin)?.toShape(), TOO_EASY, pin);
});
