// Unbounded recursion down `next`: every call reads one more input field.
class Walk {
    Walk next;

    int walk() {
        return this.next.walk() + 1;
    }
}
