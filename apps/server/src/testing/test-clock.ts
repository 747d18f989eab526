import type { Clock } from '../clock';

/** The system time until a test sets it; then that time, until it is set again. */
export class TestClock implements Clock {
  private setTime: Date | null = null;

  now(): Date {
    return this.setTime ? new Date(this.setTime) : new Date();
  }

  set(time: Date): void {
    this.setTime = time;
  }
}
