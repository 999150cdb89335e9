// heaplog: jPOSE's node caching linked list (examples/ncll.txt of pietrobraione/jpose), ported
// exercises: a header-based linked list with a cache of free nodes (Apache Commons'
// NodeCachingLinkedList); unlinking and relinking nodes through possibly aliased references
// jpose: NodeCachingLinkedList.add as=ncll_add leaves=none
// jpose: NodeCachingLinkedList.removeNode as=ncll_removeNode leaves=none
//
// The entries are jPOSE's drivers (ncll_add.txt, ncll_removeNode.txt): `this` and the
// parameter are the symbolic inputs (Y0, Y1 there); neither driver sets a bound, and neither
// method loops. The branches are jPOSE's, in its order, so a path-optimal rule set's normal
// traces are jPOSE's leaves; jPOSE drops the states where a null is dereferenced, heaplog
// keeps them as NullPointerException traces. jPOSE's `remove` is left out: it calls an
// undefined method there, and its suite does not run it. `leaves=none`: jPOSE publishes no
// figure for these drivers.
class LinkedListNode {
    LinkedListNode previous;
    LinkedListNode next;
    Object value;
}

class NodeCachingLinkedList {
    LinkedListNode header;
    int size;
    int modCount;
    LinkedListNode firstCachedNode;
    int cacheSize;
    int maximumCacheSize;

    void add(Object value) {
        addLast(value);
    }

    void addLast(Object o) {
        addNodeBefore(this.header, o);
    }

    void addNodeBefore(LinkedListNode node, Object value) {
        LinkedListNode newNode = createNode(value);
        addNode(newNode, node);
    }

    void addNode(LinkedListNode nodeToInsert, LinkedListNode insertBeforeNode) {
        nodeToInsert.next = insertBeforeNode;
        nodeToInsert.previous = insertBeforeNode.previous;
        insertBeforeNode.previous.next = nodeToInsert;
        insertBeforeNode.previous = nodeToInsert;
        this.size = this.size + 1;
    }

    LinkedListNode createNode(Object value) {
        LinkedListNode cachedNode = getNodeFromCache();
        if (cachedNode == null) {
            return superCreateNode(value);
        }
        cachedNode.value = value;
        return cachedNode;
    }

    LinkedListNode getNodeFromCache() {
        if (this.cacheSize == 0) {
            return null;
        }
        LinkedListNode cachedNode = this.firstCachedNode;
        this.firstCachedNode = cachedNode.next;
        cachedNode.next = null;
        this.cacheSize = this.cacheSize - 1;
        return cachedNode;
    }

    LinkedListNode superCreateNode(Object value) {
        LinkedListNode n = new LinkedListNode();
        n.value = value;
        return n;
    }

    void removeNode(LinkedListNode node) {
        superRemoveNode(node);
        addNodeToCache(node);
    }

    void superRemoveNode(LinkedListNode node) {
        node.previous.next = node.next;
        node.next.previous = node.previous;
        this.size = this.size - 1;
        this.modCount = this.modCount + 1;
    }

    void addNodeToCache(LinkedListNode node) {
        if (this.cacheSize < this.maximumCacheSize) {
            LinkedListNode nextCachedNode = this.firstCachedNode;
            node.previous = null;
            node.next = nextCachedNode;
            node.value = null;
            this.firstCachedNode = node;
            this.cacheSize = this.cacheSize + 1;
        }
    }

    // An empty list whose header links to itself, with a cache of up to two nodes.
    static NodeCachingLinkedList empty() {
        NodeCachingLinkedList l = new NodeCachingLinkedList();
        l.header = new LinkedListNode();
        l.header.next = l.header;
        l.header.previous = l.header;
        l.maximumCacheSize = 2;
        return l;
    }

    static boolean driverAddRemove() {
        NodeCachingLinkedList l = empty();
        Object a = new Object();
        Object b = new Object();
        l.add(a);
        l.add(b);
        LinkedListNode first = l.header.next;
        l.removeNode(first);
        return l.size == 1 && l.cacheSize == 1 && l.firstCachedNode == first
            && l.header.next.value == b && first.value == null;
    }

    static boolean driverReuse() {
        NodeCachingLinkedList l = empty();
        l.add(new Object());
        LinkedListNode n = l.header.next;
        l.removeNode(n);
        Object c = new Object();
        l.add(c);
        return l.header.next == n && n.value == c && l.cacheSize == 0 && l.modCount == 1;
    }
}
