"""The window's helper threads give way to the frame loop.

A deck rendered ahead, the menu's card fans, the sounds and the start-up work run on
threads of the window's process.  On a busy machine (two cores, a bot thinking in its
own process, the X server presenting) they took the CPU from the frame loop: frames of
the first deal of a game took several times longer on the wall clock than their own CPU
time.  Two things
keep the loop first:

* each helper thread lowers its own CPU priority (Linux schedules threads one by one:
  ``setpriority`` on a thread's id changes that thread alone; elsewhere nothing is done);
* the interpreter hands the GIL over every millisecond instead of every five, so the
  loop waits at most that long for a helper that is busy in Python.
"""

from __future__ import annotations

import sys

from game.ui import hostos

#: How much nicer than the window a helper thread is (Unix nice levels).
HELPER_NICE = 10
#: The GIL's switch interval for the window process (Python's default is 5 ms).
SWITCH_INTERVAL_S = 0.001


def as_helper() -> None:
    """Lower the calling thread's CPU priority (call it first thing in a helper thread)."""
    hostos.lower_thread_priority(HELPER_NICE)


def as_window() -> bool:
    """Give the calling thread the window's priority again, before it starts a process
    (a child inherits its starting thread's priority, and the bots must not think
    slower).  False where that is not permitted (raising a priority may need a
    privilege): then the caller must leave the starting to the window's thread."""
    return hostos.restore_thread_priority()


def window_first() -> None:
    """Hand the GIL over often, so the frame loop never waits long for it."""
    sys.setswitchinterval(SWITCH_INTERVAL_S)
