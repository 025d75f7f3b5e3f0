/*
 * What the two compiled solvers share (honeymoon.solver._kernel, the 52-card game, and
 * honeymoon.solver._colons, Bridgette): bit scans, the transposition table's bucket policy and
 * memory, the node counter and the parts of the Python interface that do not depend on the
 * position. Each kernel keeps its own position form, key, hash, moves and bounds.
 *
 * Each .c file includes this header first, instead of Python.h. Everything here is static: each
 * module gets its own copy of the state (table memory, node counter, error class).
 */
#ifndef HONEYMOON_SEARCH_COMMON_H
#define HONEYMOON_SEARCH_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

typedef uint64_t u64;

#if defined(_MSC_VER)
#include <intrin.h>
static inline int highbit(unsigned x) { unsigned long i; _BitScanReverse(&i, x); return (int)i; }
static inline int lowbit(unsigned x) { unsigned long i; _BitScanForward(&i, x); return (int)i; }
static inline int lowbit64(u64 x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
#else
static inline int highbit(unsigned x) { return 31 - __builtin_clz(x); }
static inline int lowbit(unsigned x) { return __builtin_ctz(x); }
static inline int lowbit64(u64 x) { return __builtin_ctzll(x); }
#endif

#define NOTRUMP 4

/* Trick-boundary positions searched since the last call began. */
static unsigned long long nodes = 0;

/* ---------------------------------------------------------------------------------------------
 * Transposition table: buckets of two entries. Slot 0 keeps the entry with more cards (costlier
 * to recompute), slot 1 always takes the newest. A kernel's Entry holds its own key fields, then
 * TABLE_BOUNDS; the table starts zeroed, so an empty entry has cards 0 (a stored position has
 * more than two cards each).
 */
#define TABLE_BOUNDS                                                                           \
    int8_t lower;  /* the leader surely takes at least this many tricks */                     \
    int8_t upper;  /* ... and at most this many */                                             \
    uint8_t best;  /* compact card of the lead that proved `lower`, 0xFF if none */            \
    uint8_t cards  /* cards per hand in this position, 0 if the entry is empty */

/* Point `entry` at the slot of `bucket` that a position of `cards` cards, not yet stored, takes
 * (an entry it displaces from slot 0 moves to slot 1), with bounds that say nothing yet; the
 * caller then writes its key fields. */
#define TABLE_CLAIM(entry, bucket, cards)                                                      \
    do {                                                                                       \
        (entry) = (bucket)[0].cards <= (cards) ? (bucket) : (bucket) + 1;                      \
        if ((entry) == (bucket) && (bucket)[0].cards != 0) (bucket)[1] = (bucket)[0];          \
        (entry)->lower = 0;                                                                    \
        (entry)->upper = (int8_t)(cards);                                                      \
        (entry)->best = 0xFF;                                                                  \
        (entry)->cards = (uint8_t)(cards);                                                     \
    } while (0)

/* Narrow an entry's bounds to [lower_bound, upper_bound]; best_lead >= 0 proved the lower one. */
#define TABLE_TIGHTEN(entry, lower_bound, upper_bound, best_lead)                              \
    do {                                                                                       \
        if ((lower_bound) > (entry)->lower) (entry)->lower = (int8_t)(lower_bound);            \
        if ((upper_bound) < (entry)->upper) (entry)->upper = (int8_t)(upper_bound);            \
        if ((best_lead) >= 0) (entry)->best = (uint8_t)(best_lead);                            \
    } while (0)

static void *table_memory = NULL;
static size_t table_bytes = 0;

/* The table's memory, zeroed, allocated on first use: `bytes` of it. NULL with a Python
 * MemoryError set if there is none. */
static void *table_allocate(size_t bytes)
{
    if (table_memory) return table_memory;
#if defined(__linux__)
    /* Huge pages spare a TLB miss on most probes of this randomly accessed table. */
    const size_t huge_page = (size_t)1 << 21;
    size_t rounded = (bytes + huge_page - 1) & ~(huge_page - 1);
    void *memory = NULL;
    if (posix_memalign(&memory, huge_page, rounded) == 0) {
        madvise(memory, rounded, MADV_HUGEPAGE);
        memset(memory, 0, rounded);
        table_memory = memory;
        table_bytes = bytes;
        return memory;
    }
#endif
    table_memory = calloc(1, bytes);
    if (!table_memory) {
        PyErr_NoMemory();
        return NULL;
    }
    table_bytes = bytes;
    return table_memory;
}

/* ---------------------------------------------------------------------------------------------
 * Python interface.
 */

static PyObject *input_error = NULL;  /* honeymoon.errors.SolverInputError */

/* Look up honeymoon.errors.SolverInputError, which raise_input raises; -1 on failure. */
static int load_input_error(void)
{
    PyObject *errors = PyImport_ImportModule("honeymoon.errors");
    if (!errors) return -1;
    input_error = PyObject_GetAttrString(errors, "SolverInputError");
    Py_DECREF(errors);
    return input_error ? 0 : -1;
}

/* Set a SolverInputError with a machine-readable code and a message; returns -1. */
static int raise_input(const char *code, const char *message)
{
    PyObject *error = PyObject_CallFunction(input_error, "ss", message, code);
    if (error) {
        PyErr_SetObject(input_error, error);
        Py_DECREF(error);
    }
    return -1;
}

/* Append (card id, tricks) to the list values() returns. -1 with a Python error set, and the list
 * released, on failure. */
static int append_card_value(PyObject *list, int card, int tricks)
{
    PyObject *pair = Py_BuildValue("(ii)", card, tricks);
    if (!pair || PyList_Append(list, pair) < 0) {
        Py_XDECREF(pair);
        Py_DECREF(list);
        return -1;
    }
    Py_DECREF(pair);
    return 0;
}

/* What values() returns: (best, the list sorted by card id), taking over the list's reference.
 * NULL with a Python error set, and the list released, on failure. */
static PyObject *values_result(int best, PyObject *list)
{
    if (PyList_Sort(list) < 0) {
        Py_DECREF(list);
        return NULL;
    }
    return Py_BuildValue("(iN)", best, list);
}

PyDoc_STRVAR(nodes_doc, "nodes() -> int\n\nTrick-boundary positions searched by the last call.");

static PyObject *module_nodes(PyObject *self, PyObject *unused)
{
    return PyLong_FromUnsignedLongLong(nodes);
}

PyDoc_STRVAR(clear_doc, "clear() -> None\n\nEmpty the transposition table.");

static PyObject *module_clear(PyObject *self, PyObject *unused)
{
    if (table_memory) memset(table_memory, 0, table_bytes);
    Py_RETURN_NONE;
}

/* The module's methods nodes() and clear(), for its PyMethodDef list. */
#define COMMON_METHODS                                                                         \
    {"nodes", module_nodes, METH_NOARGS, nodes_doc}, {"clear", module_clear, METH_NOARGS, clear_doc}

#endif /* HONEYMOON_SEARCH_COMMON_H */
