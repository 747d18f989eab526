// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IERC20 {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// The demo chain's multi-send: one transaction pays many recipients from the caller's own
/// balance, one `transferFrom(caller, recipient, amount)` per line, after the caller approved
/// this contract on the token. Only the caller's funds can move: nobody spends another's allowance.
contract BatchTransfer {
    function payMany(IERC20 token, address[] calldata recipients, uint256[] calldata amounts) external {
        require(recipients.length == amounts.length, "lengths");
        for (uint256 i = 0; i < recipients.length; i++) {
            require(token.transferFrom(msg.sender, recipients[i], amounts[i]), "transfer");
        }
    }
}
