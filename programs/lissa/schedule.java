// heaplog: the SIR "schedule" process scheduler as a Java class: three priority queues
// and a block queue, each a doubly linked list of jobs ([LISSA] §4, Table 1 "Schedule")
// entry: Schedule.addProcess requires=repOK paths=unbounded
// entry: Schedule.quantumExpire requires=repOK paths=unbounded
//
// Port: [LISSA]'s four List objects (first, last, memCount) are held here as those
// three fields per queue, 1-3 the priorities and 0 the block queue. [LISSA]'s repOK
// requires the four List objects to exist and be distinct, so each queue is owned by the
// Schedule and holding its fields inline is the same structure; and the scope (objects
// per class) then counts jobs alone, as [LISSA]'s scopes do (a List class would need
// scope 4 for any input at all).
//
// repOK is [LISSA]'s: each queue is a doubly linked list (first's prev is null, every
// next's prev is the job before it, last is the final job), and no job is in two
// queues. [LISSA] keeps a visited set for the last; here the prev checks already rule
// out a job reached twice within one queue, and two queues share a job exactly when they
// share their first job (follow the shared job's prev pointers back), so the queues'
// first jobs are compared instead. Like [LISSA]'s, it checks neither the counts nor the
// priorities.
class Job {
    Job next;
    Job prev;
    int priority;
}

class Schedule {
    Job curProc;
    Job first1;
    Job last1;
    int count1;
    Job first2;
    Job last2;
    int count2;
    Job first3;
    Job last3;
    int count3;
    Job first0;
    Job last0;
    int count0;

    boolean repOK() {
        if (!isDoublyLinkedList(first1, last1)) {
            return false;
        }
        if (!isDoublyLinkedList(first2, last2)) {
            return false;
        }
        if (!isDoublyLinkedList(first3, last3)) {
            return false;
        }
        if (!isDoublyLinkedList(first0, last0)) {
            return false;
        }
        if (first2 != null && first2 == first1) {
            return false;
        }
        if (first3 != null && (first3 == first1 || first3 == first2)) {
            return false;
        }
        if (first0 != null && (first0 == first1 || first0 == first2 || first0 == first3)) {
            return false;
        }
        return true;
    }

    static boolean isDoublyLinkedList(Job first, Job last) {
        Job current = first;
        if (current == null) {
            return last == null;
        }
        if (current.prev != null) {
            return false;
        }
        while (true) {
            Job next = current.next;
            if (next == null) {
                return last == current;
            }
            if (next.prev != current) {
                return false;
            }
            current = next;
        }
    }

    Job firstOf(int q) {
        if (q == 1) {
            return first1;
        }
        if (q == 2) {
            return first2;
        }
        if (q == 3) {
            return first3;
        }
        return first0;
    }

    Job lastOf(int q) {
        if (q == 1) {
            return last1;
        }
        if (q == 2) {
            return last2;
        }
        if (q == 3) {
            return last3;
        }
        return last0;
    }

    int countOf(int q) {
        if (q == 1) {
            return count1;
        }
        if (q == 2) {
            return count2;
        }
        if (q == 3) {
            return count3;
        }
        return count0;
    }

    void setFirst(int q, Job j) {
        if (q == 1) {
            first1 = j;
        } else if (q == 2) {
            first2 = j;
        } else if (q == 3) {
            first3 = j;
        } else {
            first0 = j;
        }
    }

    void setLast(int q, Job j) {
        if (q == 1) {
            last1 = j;
        } else if (q == 2) {
            last2 = j;
        } else if (q == 3) {
            last3 = j;
        } else {
            last0 = j;
        }
    }

    void setCount(int q, int n) {
        if (q == 1) {
            count1 = n;
        } else if (q == 2) {
            count2 = n;
        } else if (q == 3) {
            count3 = n;
        } else {
            count0 = n;
        }
    }

    // The original's explicit range check (addProcess, newProcess): two comparisons, so
    // a priority below 1 and one above 3 are two paths.
    static void checkPrio(int prio) {
        if (prio < 1 || prio > 3) {
            throw new IllegalArgumentException();
        }
    }

    void appendEle(int q, Job aEle) {
        aEle.prev = lastOf(q);
        if (lastOf(q) != null) {
            lastOf(q).next = aEle;
        } else {
            setFirst(q, aEle);
        }
        setLast(q, aEle);
        aEle.next = null;
        setCount(q, countOf(q) + 1);
    }

    void delEle(int q, Job dEle) {
        if (dEle == null) {
            return;
        }
        if (dEle.next != null) {
            dEle.next.prev = dEle.prev;
        } else {
            setLast(q, dEle.prev);
        }
        if (dEle.prev != null) {
            dEle.prev.next = dEle.next;
        } else {
            setFirst(q, dEle.next);
        }
        // The deleted job keeps its own links (as the original).
        setCount(q, countOf(q) - 1);
    }

    void schedule() {
        curProc = null;
        for (int i = 3; i > 0; i--) {
            if (countOf(i) > 0) {
                curProc = firstOf(i);
                delEle(i, curProc);
                return;
            }
        }
    }

    // The original's getPrioQueue(prio): a switch on 1..3 whose default throws, so a
    // priority outside 1..3 is one path (quantumExpire has no explicit range check).
    static void checkQueue(int prio) {
        if (prio == 1) {
            return;
        }
        if (prio == 2) {
            return;
        }
        if (prio == 3) {
            return;
        }
        throw new IllegalArgumentException();
    }

    void quantumExpire() {
        schedule();
        if (curProc != null) {
            int prio = curProc.priority;
            checkQueue(prio);
            appendEle(prio, curProc);
        }
    }

    static Job newProcess(int prio) {
        checkPrio(prio);
        Job proc = new Job();
        proc.priority = prio;
        return proc;
    }

    void addProcess(int prio) {
        checkPrio(prio);
        Job proc = newProcess(prio);
        appendEle(prio, proc);
    }
}
