// The reference interpreter: a direct evaluator over the checked AST.
//
// Environment: one stack of (name, value) bindings; a call pushes its parameters
// above `frame.base` and looks names up from the top down to the base, then in the
// closure's captured environment, then in the globals.  Closures capture the
// current frame's bindings (values are shared, not copied).  Arrays of primitives
// are flat typed buffers, and the SOACs have fast paths for operator sections
// and simple scalar lambdas (see Builtins.cpp), so no per-element heap
// allocation happens in the common cases.
#include "interpreter/Interp_Internal.h"

#include <algorithm>
#include <cstring>

namespace loom {

using namespace interp;

namespace interp {
class Evaluator;
}

struct Interpreter::Impl {
    std::unique_ptr<interp::Evaluator> ev;
};

}  // namespace loom

#include "interpreter/Evaluator.h"

namespace loom {

Interpreter::Interpreter() : impl_(std::make_unique<Impl>()) {
    impl_->ev = std::make_unique<Evaluator>();
    impl_->ev->load_prelude(checked_prelude());
}
Interpreter::~Interpreter() = default;
void Interpreter::load(const Program &prog, const ConstantHook &compute) {
    impl_->ev->stack.reset();
    impl_->ev->load(prog, compute);
}
std::optional<Value> Interpreter::constant_value(const FunDef &def) const {
    return impl_->ev->constant_value(def);
}
Value Interpreter::call(const std::string &name, const std::vector<Value> &args) {
    impl_->ev->stack.reset();
    return impl_->ev->call_global(name, args);
}
Value Interpreter::eval(const Exp &e) {
    impl_->ev->stack.reset();
    return impl_->ev->eval_top(e);
}
void Interpreter::set_interrupt_flag(const std::atomic<bool> *flag) { impl_->ev->interrupt = flag; }
void Interpreter::set_trace_hook(TraceHook hook) { impl_->ev->trace = std::move(hook); }
const Interpreter::TraceHook &Interpreter::trace_hook() const { return impl_->ev->trace; }
void Interpreter::set_break_hook(BreakHook hook) { impl_->ev->on_break = std::move(hook); }
const Interpreter::BreakHook &Interpreter::break_hook() const { return impl_->ev->on_break; }
namespace {
/** While the stopped evaluation's `M.(e)` opens are put aside: they are its own. */
struct OpensAside {
    std::vector<std::string> &now, saved;
    explicit OpensAside(std::vector<std::string> &opens) : now(opens), saved(std::move(opens)) { now.clear(); }
    ~OpensAside() { now = std::move(saved); }
};
}  // namespace

// No stack.reset(): the stopped evaluation below keeps its measure of the stack.
Value Interpreter::eval_nested(const Exp &e) {
    OpensAside aside(impl_->ev->open_modules);
    return impl_->ev->eval_top(e);
}
Value Interpreter::apply_nested(const Value &fn, std::vector<Value> args) {
    OpensAside aside(impl_->ev->open_modules);
    return impl_->ev->apply(fn, args.data(), (int)args.size(), SrcLoc{}, nullptr);
}

}  // namespace loom
